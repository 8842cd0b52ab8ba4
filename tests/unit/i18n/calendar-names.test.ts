/** A festival day written in each language: pt-PT as the spec writes it, English (en-GB) and Italian as their readers do. */
import { describe, expect, it } from 'vitest';
import {
  dayAndMonth,
  longDate,
  monthInDate,
  monthName,
  spokenDay,
  spokenDayAndTime,
  weekdayAndDate,
  weekdayName,
} from '../../../src/common/time/calendar-names';

describe('calendar names in three languages', () => {
  it('keep the spec’s pt-PT forms', () => {
    expect([
      weekdayName('2026-11-28'),
      spokenDay('2026-11-26'),
      weekdayAndDate('2026-04-02'),
      longDate('2026-04-02'),
      monthName(3),
      monthInDate(3),
    ]).toEqual(['sáb', 'quinta 26', 'quinta-feira, 2 de abril', '2 de abril de 2026', 'Março', 'março']);
  });

  it('write English days the British way', () => {
    expect([
      weekdayName('2026-11-28', 'short', 'en'),
      spokenDay('2026-11-26', 'en'),
      dayAndMonth('2026-04-07', 'en'),
      longDate('2026-04-02', 'en'),
    ]).toEqual(['Sat', 'Thursday 26', '7 April', '2 April 2026']);
    expect([monthName(3, 'en'), monthInDate(3, 'en'), spokenDayAndTime('2026-11-28T17:42', 'en')]).toEqual([
      'March',
      'March',
      'Saturday 28, 17:42',
    ]);
  });

  it('write Italian days in lower case inside a date, capitalised alone', () => {
    expect([
      spokenDay('2026-11-26', 'it'),
      weekdayAndDate('2026-04-02', 'it'),
      longDate('2026-04-02', 'it'),
      monthName(3, 'it'),
      monthInDate(3, 'it'),
    ]).toEqual(['giovedì 26', 'giovedì 2 aprile', '2 aprile 2026', 'Marzo', 'marzo']);
  });

  it('give nothing for what is no date', () => {
    expect([weekdayName('', 'long', 'en'), monthName(13, 'it'), monthName(0)]).toEqual(['', '', '']);
  });
});
